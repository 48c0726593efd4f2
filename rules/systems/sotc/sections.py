"""Rules layer: the Spirit of the Century book sections that SotC's problems cite.

Each name is the SotC SRD's own chapter heading; the validators put one in every problem's
``section`` so a player can look the rule up.
"""

from __future__ import annotations

S_NAME = "SotC, Character Creation: Name"
S_PHASES = "SotC, Character Creation: The Phases"
S_GUEST = "SotC, Character Creation: Phase Four and Five (Guest Star)"
S_SKILLS = "SotC, Character Creation: Skills"
S_STUNTS = "SotC, Character Creation: Stunts"
S_FAST = "SotC, Character Creation: Fast Character Creation"
S_STUNTS_CH = "SotC, Stunts: What Stunts Do"
S_FP = "SotC, Fate Points: Refresh"
S_STRESS = "SotC, Skills: Endurance / Resolve (stress boxes)"
S_GADGETS = "SotC, Gadgets and Gizmos: Personal Gadgets"
S_IMPROVING = "SotC, Gadgets and Gizmos: Improving Things"
S_ARTIFACTS = "SotC, Gadgets and Gizmos: Artifacts"
S_SETTING = "SotC, Running the Game: Setting Decisions"
S_LONG_GAME = "SotC, Tips and Tricks: The Long Game: Advancement"
S_REFRESHING = "SotC, Fate Points: Refreshing Fate Points"
S_REMOVING = "SotC, Conflicts: Removing Consequences"
S_CONTACTS = "SotC, Stunts: Contacting (Contact, Close Contacts, Network of Contacts)"
S_LIEUTENANT = "SotC, Stunts: Leadership (Lieutenant)"
S_MAKING = "SotC, Gadgets and Gizmos: Making Things"
S_BUYING = "SotC, Gadgets and Gizmos: Buying Gadgets Outright"
S_WORKSPACES = "SotC, Skills: Resources (Workspaces)"
S_COMFORT = "SotC, Stunts: Resources (Home Away From Home, Headquarters)"
S_SCHOLAR = "SotC, Stunts: Academics (Scholar)"
S_READING = "SotC, Skills: Empathy (Reading People)"

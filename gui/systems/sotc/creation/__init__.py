"""GUI layer: the pages of the guided SotC creation flow (concept, five phases, skills, stunts)."""

"""GUI layer: Qt item models, thin adapters over library listings and documents."""

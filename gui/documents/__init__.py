"""GUI layer: documents, the QObjects that hold what is being edited and its undo stack."""

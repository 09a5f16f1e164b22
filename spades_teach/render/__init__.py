"""What people see, as HTML and text: one place for markup and style."""

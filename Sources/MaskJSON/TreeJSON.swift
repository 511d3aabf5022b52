// View trees as JSON.

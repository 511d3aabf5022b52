print("maskc")

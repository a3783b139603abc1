"""The Cities of Splendor modules' own rules: The Orient and The Strongholds."""

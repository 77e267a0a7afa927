"""Lodge, the ski-lodge tile game: rooms, amenities and guests, 1-4 players and a solo ladder."""

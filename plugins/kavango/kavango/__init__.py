"""Kavango with the Lodges expansion, a Meeple Hall game plugin."""

"""Lodge (2025), hikers and snacks: feed the hikers, mind the squirrels."""

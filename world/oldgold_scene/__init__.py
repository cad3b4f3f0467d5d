"""Running an Old Gold scene: the clock, light, the oracles and the delving turn."""

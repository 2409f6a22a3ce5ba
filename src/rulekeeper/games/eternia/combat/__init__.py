"""Fields of Eternia combats: epic (hero against hero or beast), wilds and soldier combat."""

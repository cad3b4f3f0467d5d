"""
The MUSH social layer: presence (who, where, finger, afk), scenes and pose
order, mail, boards and the default channels. Commands live in
commands/social*.py; web pages in web/social/.
"""

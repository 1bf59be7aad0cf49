"""`/domino puzzle` on Discord: one player's attempt (`attempt`, no Discord), its buttons, form,
storing and message (`runner`), its words (`texts`); `extension` plugs it into the bot."""

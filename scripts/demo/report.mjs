// What the demo says once it has seeded: what it made and found, the game server, and where to go.

/** "3 roles, 6 units" for the items of one run. */
const counted = (items) => {
  const counts = new Map()
  for (const item of items) counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1)
  return [...counts].map(([kind, n]) => `${n} ${kind}${n === 1 ? "" : "s"}`).join(", ")
}

export const report = (appUrl, { items, players }) => {
  const made = items.filter((item) => item.created)
  const found = items.filter((item) => !item.created)
  const lines = [
    "",
    "demo: the community is ready.",
    made.length > 0 ? `  made:  ${counted(made)}` : "  made:  nothing (it was all there already)",
    ...(found.length > 0 ? [`  found: ${counted(found)}`] : []),
    players.online !== undefined
      ? `  game:  the built-in game-server simulator is running with ${players.online} players; nothing to set up (an emergency call arrives about every minute)`
      : `  game:  the game server did not answer (${players.problem})`,
    "",
    `Open ${appUrl}/ and sign in as Dana Dispatcher for Control, Olly Officer for the MDT`,
    "(Mo Member keeps the characters; Sid Sergeant approves warrants and runs shifts and sessions;",
    "Mia Moderator has the live server; Alex Admin administers). Ctrl-C stops the server.",
    ""
  ]
  return lines.join("\n")
}

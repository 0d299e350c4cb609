/**
 * Told when this page has joined a team (pending-join.tsx). Signing up swaps the page's tRPC client
 * (main.tsx) while the join is under way, so invalidating a cache may miss the client the members
 * list reads through: the list reads again on this event, through its own.
 */
export const teamJoined = new EventTarget();

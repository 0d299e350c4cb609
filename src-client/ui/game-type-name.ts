/** The message id of a game type's name ("Beer Game", "Lean Game"): the lists, the plans, the invoices. */
export const gameTypeNameId = (type: string) =>
  type === 'leangame' ? 'dashboard.typeLeangame' : 'dashboard.typeBeergame';

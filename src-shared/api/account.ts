/** Inputs about people: the names on accounts and seats (src-shared/api/inputs.ts has the rules). */
export { PLAYER_NAME_MAX, playerNameInput as playerName, USER_NAME_MAX, userNameInput } from './inputs';

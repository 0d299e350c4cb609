/** The English messages of instructors' pages, split off `locales/en.json` by the build (vite.config.ts). */
declare module '*.json?instructor' {
  const messages: Record<string, string>;
  export default messages;
}

/** The English messages of the lean game's pages, split off `locales/en.json` the same way. */
declare module '*.json?lean' {
  const messages: Record<string, string>;
  export default messages;
}

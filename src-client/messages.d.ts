/** The English messages of instructors' pages, split off `locales/en.json` by the build (vite.config.ts). */
declare module '*.json?instructor' {
  const messages: Record<string, string>;
  export default messages;
}

/** (being built) the dashboard's sessions tab. */
export function SessionsTab({ subtab }: { subtab?: string }) {
  return subtab ?? null;
}

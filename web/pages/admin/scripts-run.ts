import { useLayoutEffect, useState } from 'react';
/** False on the server and while hydrating, true once the page's scripts run (a form may then show only what applies). */
export function useScriptsRun(): boolean {
  const [running, setRunning] = useState(false);
  useLayoutEffect(() => setRunning(true), []);
  return running;
}

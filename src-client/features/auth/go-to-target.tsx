import { useState } from 'react';
import { Navigate } from 'react-router';
import { takeTarget } from './after-login';

/**
 * Takes a user who just signed in (or finished setting up) where they were going, once: the target
 * is read and forgotten when this mounts, not at each render, so that a re-render cannot send them
 * elsewhere.
 */
export function GoToTarget() {
  const [target] = useState(takeTarget);
  return <Navigate to={target} replace />;
}

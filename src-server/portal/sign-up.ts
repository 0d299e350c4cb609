import type { RequestHandler } from 'express';
import type { PortalDirectory } from './portals';

/**
 * Sign-up is hidden on a claimed portal (spec point 2: "Signup is hidden when a portal look is
 * active"), and refused there too, so that a hidden form is not merely out of sight: a portal's
 * visitors are its partner's existing instructors and players (anonymous sign-in is untouched).
 * An account is made on the product's own host (docs/portal.md).
 */
export function portalSignUpRefusal(portals: PortalDirectory): RequestHandler {
  return async (req, res, next) => {
    if (await portals.lookFor(req.headers.host))
      res.status(403).json({ code: 'SIGN_UP_CLOSED', message: 'SIGN_UP_CLOSED' });
    else next();
  };
}

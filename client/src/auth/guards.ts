/**
 * Route guards, called from the `beforeLoad` of the pathless layout of each area.
 * They throw the router's redirects, so the page asked for never renders for the wrong user.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { AREA_ROLES, homePathFor, type Area } from './session';
import type { SessionUser } from './session';

/** Unauthenticated → /login (returning here after sign-in); another role's area → own dashboard. */
export function requireArea(context: RouterContext, area: Area, location: ParsedLocation): SessionUser {
  const state = context.auth.getState();
  if (state.status !== 'signedIn') {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
  if (!AREA_ROLES[area].includes(state.user.Role)) {
    throw redirect({ to: homePathFor(state.user.Role), replace: true });
  }
  return state.user;
}

/** Pages that need a signed-in user but belong to no area (redirect helpers). */
export function requireUser(context: RouterContext, location: ParsedLocation): SessionUser {
  const state = context.auth.getState();
  if (state.status !== 'signedIn') {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
  return state.user;
}

/** Auth pages send an already signed-in user on to their dashboard. */
export function redirectIfSignedIn(context: RouterContext): void {
  const state = context.auth.getState();
  if (state.status === 'signedIn') throw redirect({ to: homePathFor(state.user.Role), replace: true });
}

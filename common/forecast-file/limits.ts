/** Limits both sides of the wire keep to. */

/** Waypoints of a route the route check takes (POST /route/check refuses more with 422). */
export const MAX_WAYPOINTS = 500;

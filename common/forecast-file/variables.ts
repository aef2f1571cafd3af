/**
 * The variables of the forecast and analysis files: what the server writes (server/src/archive/forecast-file.ts),
 * what the decode worker and the map read, and their units as the files give them (CF `units`).
 */
export const FILE_VARIABLES = {
  /** Sea-ice thickness, m. */
  thickness: 'sithick_GLORYS',
  /** Sea-ice concentration, fraction 0–1. */
  concentration: 'sea_ice_fraction_BREMEN',
  /** Drift speed, m/s. */
  speed: 'usi_vsi_GLORYS_speed',
  /** Drift direction, radians: the bearing the ice moves towards, clockwise from north. */
  direction: 'usi_vsi_GLORYS_direct',
} as const;

export type FileVariable = (typeof FILE_VARIABLES)[keyof typeof FILE_VARIABLES];

/** Each variable's `units` attribute in the files. */
export const FILE_UNITS: Readonly<Record<FileVariable, string>> = {
  sithick_GLORYS: 'm',
  sea_ice_fraction_BREMEN: '1',
  usi_vsi_GLORYS_speed: 'm s-1',
  usi_vsi_GLORYS_direct: 'radian',
};

/** The teams feature's public entry: what other features may use. */
export { CreateTeamForm } from './create-team-form';
export { roleLabel } from './roles';

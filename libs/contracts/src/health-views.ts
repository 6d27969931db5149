/**
 * GET /health on the backend surface (platform-core 4.11): always 200; `docker` is the legacy name
 * of whether the hosting provider answers.
 */
export interface BackendHealthView {
  status: 'ok';
  timestamp: string;
  docker: 'available' | 'unavailable';
  provisioning: 'enabled' | 'disabled';
  provider: string;
}

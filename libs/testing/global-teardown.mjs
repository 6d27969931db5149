// Stops the containers global-setup.mjs started, if any.
export default async function globalTeardown() {
  await Promise.all((globalThis.testContainers ?? []).map((container) => container.stop()));
}

/**
 * The end-to-end servers: one per Playwright worker, on ports E2E_PORT, E2E_PORT + 10, … (each
 * server's content origin takes the port after its own).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);

/** Two workers by default: on two cores the browser and the server of one wait on each other half the time. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export const serverPort = (slot: number): number => E2E_PORT + 10 * slot;

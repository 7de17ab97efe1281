import { vi } from 'vitest';

/**
 * Runs before each API test file (vitest.config.ts, decision 043). The API project runs its files one
 * after another in one worker process (`isolate: false`), so the packages Node has loaded stay loaded;
 * what a file could leave behind for the next one is undone here: the project's own modules are evaluated
 * afresh (their module-level caches start empty, as in a process of their own), and the clock, stubbed
 * globals and environment variables are the real ones.
 */
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

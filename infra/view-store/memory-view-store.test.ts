import { createMemoryViewStore } from './memory-view-store.ts';
import { viewStoreConformance } from './view-store.conformance.ts';

viewStoreConformance('memory', () => createMemoryViewStore());

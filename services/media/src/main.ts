import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startMedia } from './media.app.js';

await runMain('media', () => startMedia(process.env));

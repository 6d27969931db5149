import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startFeeds } from './feeds.app.js';

await runMain('feeds', () => startFeeds(process.env));

import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startSummarizer } from './summarizer.app.js';

await runMain('summarizer', () => startSummarizer(process.env));

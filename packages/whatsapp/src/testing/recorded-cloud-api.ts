import { openForTestFile } from '@inbox/platform/testing';
import { CloudApiClient } from '../client';
import type { CloudApiConfig } from '../client-types';
import { startRecordingServer, type RecordingServer } from './recording-server';

/**
 * A recording server shared by the tests of one file: started before them, closed after them,
 * and emptied of the previous test's requests before each test.
 */
export function recordingServerForTestFile(): RecordingServer {
  const server = openForTestFile(() => startRecordingServer());
  beforeEach(() => {
    server.requests.length = 0;
  });
  return server;
}

/** The product's Cloud API client talking to `server`, with the test's own token or deadlines. */
export function clientOf(server: RecordingServer, config: Partial<CloudApiConfig> = {}): CloudApiClient {
  return new CloudApiClient({
    baseUrl: server.url,
    version: 'v23.0',
    phoneNumberId: '106540352242922',
    accessToken: 'TOKEN',
    ...config,
  });
}

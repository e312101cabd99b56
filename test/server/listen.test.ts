import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {closeServer, freePorts, listen} from '../../server/listen';

describe('freePorts', () => {
  it('gives ports that all differ and are free once given', async () => {
    for (let round = 0; round < 20; round++) {
      const ports = await freePorts(3);
      assert.equal(new Set(ports).size, 3, `ports ${ports.join(', ')}`);
      const servers = await Promise.all(ports.map((port) => listen((_, response) => void response.end(), port, '127.0.0.1', 'probe')));
      await Promise.all(servers.map((server) => closeServer(server)));
    }
  });
});

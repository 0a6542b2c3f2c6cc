import os from 'node:os';

/** What the figures were measured on: they mean little without it. */
export interface MachineFacts {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  platform: string;
  date: string;
  loadAverage: number[];
}

/** CPU model, core count, memory, node version, OS and the load when the run started. */
export function machineFacts(): MachineFacts {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

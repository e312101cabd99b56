import React, {useState, type ReactNode} from 'react';
import styles from './styles.module.css';

type Job = {name: string; state: 'completed' | 'failed' | 'delayed'; queue: string; archived?: boolean};

const JOBS: Job[] = [
  {name: 'send-invoice-00042', state: 'completed', queue: 'invoices'},
  {name: 'send-invoice-00043', state: 'failed', queue: 'invoices'},
  {name: 'welcome-email-8812', state: 'completed', queue: 'emails'},
  {name: 'nightly-report', state: 'delayed', queue: 'reports'},
  {name: 'send-invoice-00017', state: 'completed', queue: 'invoices', archived: true},
  {name: 'welcome-email-7001', state: 'failed', queue: 'emails', archived: true},
];

/** A small job browser, as teams embed in their runbooks: filter by state and name, show archived jobs. */
export default function JobBrowser(): ReactNode {
  const [state, setState] = useState('all');
  const [queue, setQueue] = useState('all');
  const [search, setSearch] = useState('');
  const [mine, setMine] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const visible = (job: Job) =>
    (state === 'all' || job.state === state) && (queue === 'all' || job.queue === queue) && job.name.includes(search);
  return (
    <div className={styles.browser}>
      <div className={styles.controls}>
        <label>
          State{' '}
          <select value={state} onChange={(event) => setState(event.target.value)}>
            <option value="all">All</option>
            <option value="completed">Completed</option>
            <option value="failed">Failed</option>
            <option value="delayed">Delayed</option>
          </select>
        </label>
        {/* A filter with no label, as many tables have: it prints nothing, not a stray "All queues". */}
        <select value={queue} onChange={(event) => setQueue(event.target.value)}>
          <option value="all">All queues</option>
          <option value="invoices">invoices</option>
          <option value="emails">emails</option>
          <option value="reports">reports</option>
        </select>
        <input type="search" placeholder="Filter by job name…" value={search} onChange={(event) => setSearch(event.target.value)} />
        <label>
          <input type="checkbox" checked={mine} onChange={(event) => setMine(event.target.checked)} /> Only my jobs
        </label>
      </div>
      <table>
        <thead>
          <tr>
            <th>Job</th>
            <th>Queue</th>
            <th>State</th>
          </tr>
        </thead>
        <tbody>
          {JOBS.filter(visible).map((job) => (
            <tr key={job.name} hidden={job.archived && !showArchived}>
              <td>
                <code>{job.name}</code>
              </td>
              <td>{job.queue}</td>
              <td>{job.state}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button button--secondary button--sm" onClick={() => setShowArchived(!showArchived)}>
        {showArchived ? 'Hide archived jobs' : 'Show archived jobs'}
      </button>
    </div>
  );
}

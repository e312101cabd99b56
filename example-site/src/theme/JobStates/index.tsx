import React, {useState, type ReactNode} from 'react';
import styles from './styles.module.css';

type Tab = {label: string; body: ReactNode};

/**
 * A tab strip built without Docusaurus' Tabs, as API reference themes build theirs: a
 * `role="tablist"` of buttons, every panel rendered and the inactive ones `hidden`. With `id`,
 * tabs and panels are paired by `aria-controls` and `aria-labelledby`; without, only their order
 * pairs them. `lazy` renders the selected panel only; `row` lays the panels out in a flex row,
 * as a request editor does (one shows at a time on screen).
 */
function StateTabs({id, tabs, lazy, row}: {id?: string; tabs: Tab[]; lazy?: boolean; row?: boolean}): ReactNode {
  const [selected, setSelected] = useState(0);
  return (
    <>
      <div role="tablist" className={styles.strip}>
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            type="button"
            role="tab"
            id={id && `${id}-tab-${index}`}
            aria-controls={id && `${id}-panel-${index}`}
            aria-selected={index === selected}
            className={index === selected ? styles.selected : undefined}
            onClick={() => setSelected(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className={row ? styles.row : undefined}>
        {tabs.map((tab, index) =>
          lazy && index !== selected ? null : (
            <div
              key={tab.label}
              role="tabpanel"
              id={id && `${id}-panel-${index}`}
              aria-labelledby={id && `${id}-tab-${index}`}
              hidden={index !== selected}
              className={styles.panel}
            >
              {tab.body}
            </div>
          ),
        )}
      </div>
    </>
  );
}

const json = (value: unknown) => <pre>{JSON.stringify(value, null, 2)}</pre>;

/**
 * The answers of the job API's status endpoint: a group of response tabs, each holding a
 * "Schema / Example" group of its own inside the same container (nested groups, no container
 * of their own, rendering the chosen panel only), then a group paired by order alone, its
 * panels in a row.
 */
export default function JobStates(): ReactNode {
  const answer = (status: string, fields: Record<string, string>, example: unknown, rows: 'divs in a list' | 'items in a div'): Tab => {
    const FieldRow = rows === 'divs in a list' ? 'div' : 'li';
    const fieldList = (children: ReactNode) =>
      rows === 'divs in a list' ? <ul style={{paddingLeft: 0}}>{children}</ul> : <div>{children}</div>;
    return {
      label: status,
      body: (
        <StateTabs
          lazy
          tabs={[
            {
              label: 'Schema',
              // As an API theme writes its schemas: each field a row with a rule to its left and its
              // type muted (opacity below 1: Chromium draws it as a layer), the rows <div>s in a
              // <ul> (as its parameters) or <li>s in a <div> (as its schema properties).
              body: fieldList(
                Object.entries(fields).map(([name, type]) => (
                  <FieldRow key={name} style={{listStyle: 'none', borderLeft: '1px solid #ccc', paddingLeft: '0.5rem'}}>
                    <code>{name}</code> <span style={{opacity: 0.7}}>{type}</span>
                  </FieldRow>
                )),
              ),
            },
            {label: 'Example', body: json(example)},
          ]}
        />
      ),
    };
  };
  return (
    <>
      <div className="tabs-container">
        <StateTabs
          id="job-status"
          tabs={[
            answer(
              '200',
              {state: 'string: waiting, active, completed or failed', progressPercent: 'number'},
              {state: 'active', progressPercent: 40},
              'divs in a list',
            ),
            answer(
              '404',
              {message: 'string: no job with this id'},
              {message: 'No job send-invoice-00043 (statusNotFoundExample)'},
              'items in a div',
            ),
          ]}
        />
      </div>
      <p>Each state a job can be in, with what a worker does next:</p>
      <StateTabs
        row
        tabs={[
          {label: 'waiting', body: <p>Queued until a worker is free (stateWaitingPanel).</p>},
          {label: 'active', body: <p>A worker holds its lock and renews it (stateActivePanel).</p>},
          {label: 'failed', body: <p>Retried with backoff until its attempts are spent (stateFailedPanel).</p>},
        ]}
      />
    </>
  );
}

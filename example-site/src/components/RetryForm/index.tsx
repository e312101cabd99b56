import React, {type ReactNode} from 'react';

/**
 * A "try it" form, as API references put beside an endpoint: fields to fill in and a button that
 * sends the request. A reader works it on screen; the book leaves it out.
 */
export default function RetryForm(): ReactNode {
  return (
    <form className="card padding--md margin-bottom--md" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="retry-job-id">Job ID</label> <input id="retry-job-id" placeholder="send-invoice-00043" />{' '}
      <label>
        Delay{' '}
        <select defaultValue="0">
          <option value="0">none</option>
          <option value="60000">one minute</option>
        </select>
      </label>
      <textarea aria-label="Request body" placeholder='{"reason": "tryItFormBody"}' />
      <button type="submit" className="button button--primary button--sm">
        Send request
      </button>
    </form>
  );
}

import { useState } from 'react';
import { MemberCentre } from '../member-centre/member-centre.js';
import { FeedbackForm } from './feedback-form.js';
import { FeedbackList } from './feedback-list.js';

/** /app/myCenter/feedback: send feedback with images (progress bars), and the member's feedback with replies. */
export function FeedbackPage() {
  const [version, setVersion] = useState(0);
  return (
    <MemberCentre>
      <div className="feedback">
        <FeedbackForm onSent={() => setVersion((value) => value + 1)} />
        <FeedbackList version={version} />
      </div>
    </MemberCentre>
  );
}

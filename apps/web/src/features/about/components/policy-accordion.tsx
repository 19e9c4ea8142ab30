import Accordion from 'react-bootstrap/Accordion';
import { POLICY_SECTIONS } from '../policies';

export function PolicyAccordion() {
  return (
    <Accordion className="policy-accordion" alwaysOpen>
      {POLICY_SECTIONS.map((section) => (
        <Accordion.Item eventKey={section.key} key={section.key}>
          <Accordion.Header as="h2">{section.title}</Accordion.Header>
          <Accordion.Body>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

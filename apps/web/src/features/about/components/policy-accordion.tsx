import { useEffect, useState } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import { useI18n } from '../../../i18n/i18n-context';
import { POLICY_SECTIONS, policySections } from '../policies';

interface PolicyAccordionProps {
  /** The section the address names (/about#privacy): opened and scrolled to. */
  section?: string;
  /** Changes with every navigation, so following the same link twice scrolls again. */
  navigationKey?: string;
}

const isSection = (key: string | undefined): key is string =>
  !!key && POLICY_SECTIONS.some((section) => section.key === key);

export function PolicyAccordion({ section, navigationKey }: PolicyAccordionProps) {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState<string[]>(isSection(section) ? [section] : []);
  // A link to a section while the page is already shown (the footer's Privacy) opens it too.
  const [named, setNamed] = useState(section);
  if (named !== section) {
    setNamed(section);
    if (isSection(section) && !open.includes(section)) setOpen([...open, section]);
  }

  // The page arrives after the navigation (its own chunk), so the layout's scroll to the
  // #fragment finds nothing yet: the section scrolls itself into view once it is there.
  useEffect(() => {
    if (isSection(section)) document.getElementById(section)?.scrollIntoView?.({ block: 'start' });
  }, [section, navigationKey]);

  return (
    <Accordion
      className="policy-accordion"
      alwaysOpen
      activeKey={open}
      onSelect={(keys) => setOpen(Array.isArray(keys) ? keys : keys ? [keys] : [])}
    >
      {policySections(locale).map((one) => (
        <Accordion.Item eventKey={one.key} key={one.key} id={one.key}>
          <Accordion.Header as="h2">{t(one.title)}</Accordion.Header>
          <Accordion.Body>
            {one.paragraphs.map((paragraph) => (
              <p key={paragraph.message}>{t(paragraph.message, paragraph.values)}</p>
            ))}
          </Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

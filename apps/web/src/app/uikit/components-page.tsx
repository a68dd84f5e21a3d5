import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/app-state.ts';
import { toast } from '../../lib/events.ts';
import { ActionsMenu } from '../../ui/actions-menu.tsx';
import { AttachmentChips } from '../../ui/attachment-chips.tsx';
import { Attachments } from '../../ui/attachments.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Curtain, useCurtainTabs } from '../../ui/curtain.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FieldMessages } from '../../ui/field-messages.tsx';
import { FilePicker } from '../../ui/file-picker.tsx';
import { FilterBar } from '../../ui/filter-bar.tsx';
import type { FilterSelection } from '../../ui/filters.ts';
import { Icon } from '../../ui/icon.tsx';
import { LinkifiedText, LinkPreview } from '../../ui/link-preview.tsx';
import { Skeleton, Spinner } from '../../ui/loader.tsx';
import { NumberInput } from '../../ui/number-input.tsx';
import { PhotoPreview } from '../../ui/photo-preview.tsx';
import { PollView } from '../../ui/poll-view.tsx';
import { RangeSlider } from '../../ui/range-slider.tsx';
import { PeopleList, PeoplePanel } from '../../ui/related-users.tsx';
import { RichContent } from '../../ui/rich-content.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { SessionCalendar } from '../../ui/session-calendar.tsx';
import { SpeakerList } from '../../ui/speaker-list.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { UrlSettingForm } from '../../ui/url-setting-form.tsx';
import {
  ATTACHMENTS,
  FILTERS,
  ICON_NAMES,
  LONG_TEXT,
  PEOPLE,
  PHOTOS,
  POLLS,
  PREVIEW,
  PREVIEW_URL,
  RICH_HTML,
  SPEAKERS,
} from './uikit-data.ts';
import { KitSection, KitState, UikitFrame } from './uikit-frame.tsx';

// The editor (tiptap) is the heaviest widget: its own chunk, loaded when the kit shows it.
const RichEditor = lazy(() => import('../../ui/rich-editor.tsx'));

/** Days of this month and the next with "sessions", for the calendar. */
function sessionDays(): string[] {
  const now = new Date();
  const day = (offset: number) => {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  return [day(0), day(2), day(3), day(9), day(30)];
}

function Buttons() {
  return (
    <KitSection id="buttons" title="Button">
      <div className="uikit-states">
        <KitState label="Variants">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
        </KitState>
        <KitState label="Disabled">
          <Button disabled>Primary</Button>
          <Button variant="secondary" disabled>
            Secondary
          </Button>
          <Button variant="ghost" disabled>
            Ghost
          </Button>
        </KitState>
        <KitState label="Loading (busy)">
          <Button busy>Saving</Button>
          <Button variant="secondary" busy>
            Sending
          </Button>
        </KitState>
        <KitState label="With an icon, block, long text" wide>
          <Button variant="secondary">
            <Icon name="link" size={18} /> Copy link
          </Button>
          <Button block>{LONG_TEXT}</Button>
        </KitState>
      </div>
    </KitSection>
  );
}

function Fields() {
  const [name, setName] = useState('Marta Nowak');
  const [search, setSearch] = useState('');
  const [searchLong, setSearchLong] = useState(LONG_TEXT.slice(0, 90));
  const [count, setCount] = useState<number | null>(12);
  const [empty, setEmpty] = useState<number | null>(null);
  const [range, setRange] = useState<[number, number]>([50, 320]);
  return (
    <>
      <KitSection id="text-field" title="Text field">
        <div className="uikit-states">
          <KitState label="Empty, with a hint">
            <TextField label="Job title" hint="Shown on your badge" placeholder="e.g. Product designer" />
          </KitState>
          <KitState label="Filled, required">
            <TextField label="Full name" required value={name} onChange={(e) => setName(e.target.value)} />
          </KitState>
          <KitState label="Error">
            <TextField label="E-mail" defaultValue="marta@" error="Enter a valid e-mail address." />
          </KitState>
          <KitState label="Disabled">
            <TextField label="Company" defaultValue="Open Summit" disabled />
          </KitState>
          <KitState label="Long label and value" wide>
            <TextField label={LONG_TEXT} defaultValue={LONG_TEXT} hint={LONG_TEXT} />
          </KitState>
        </div>
      </KitSection>
      <KitSection id="field-messages" title="Field messages">
        <div className="uikit-states">
          <KitState label="Hint">
            <FieldMessages id="kit-fm-hint" hint="At most 200 characters." />
          </KitState>
          <KitState label="Error">
            <FieldMessages id="kit-fm-error" error="This field is required." />
          </KitState>
          <KitState label="Hint and error">
            <FieldMessages id="kit-fm-both" hint="At most 200 characters." error="The text is too long." />
          </KitState>
        </div>
      </KitSection>
      <KitSection id="search-field" title="Search field">
        <div className="uikit-states">
          <KitState label="Empty">
            <SearchField label="Search the programme" value={search} onChange={setSearch} />
          </KitState>
          <KitState label="Long text">
            <SearchField label="Search exhibitors" value={searchLong} onChange={setSearchLong} />
          </KitState>
        </div>
      </KitSection>
      <KitSection id="number-input" title="Number input">
        <div className="uikit-states">
          <KitState label="Value, 1–99">
            <NumberInput label="Seats" value={count} onChange={setCount} min={1} max={99} />
          </KitState>
          <KitState label="Empty, with a hint">
            <NumberInput label="Budget" value={empty} onChange={setEmpty} hint="In euros" allowDecimal />
          </KitState>
          <KitState label="Error">
            <NumberInput label="Guests" value={250} onChange={() => undefined} error="At most 200 guests." />
          </KitState>
          <KitState label="Disabled">
            <NumberInput label="Tickets" value={2} onChange={() => undefined} disabled />
          </KitState>
        </div>
      </KitSection>
      <KitSection id="range-slider" title="Range slider">
        <div className="uikit-states">
          <KitState label="With inputs" wide>
            <RangeSlider label="Price" min={0} max={500} value={range} onChange={setRange} />
          </KitState>
          <KitState label="Without inputs" wide>
            <RangeSlider label="Distance" min={0} max={50} value={[5, 20]} onChange={() => undefined} inputs={false} />
          </KitState>
        </div>
      </KitSection>
    </>
  );
}

/** A save that answers after a moment: "Saved" for an http(s) address, the server's 422 otherwise. */
const kitSaveUrl = (url: string) =>
  new Promise<void>((resolve, reject) =>
    setTimeout(
      () =>
        /^https?:\/\/[^/\s]+/i.test(url)
          ? resolve()
          : reject(new ApiError(422, [{ field: 'url', message: 'Enter an address that starts with http:// or https://.' }])),
      500,
    ),
  );

function UrlSettings() {
  return (
    <KitSection id="url-setting" title="URL setting form (app owner)">
      <div className="uikit-states">
        <KitState label="No address yet" wide>
          <UrlSettingForm
            label="Website address"
            hint="Members open this page in a new window."
            value={null}
            maxLength={2000}
            onSave={kitSaveUrl}
          />
        </KitState>
        <KitState label="Saved address (type javascript:x and Save for the 422)" wide>
          <UrlSettingForm
            label="Feed address (RSS or Atom)"
            hint="For a Mastodon account: https://mastodon.social/@name.rss"
            value="https://mastodon.social/@Mastodon.rss"
            maxLength={2000}
            onSave={kitSaveUrl}
          />
        </KitState>
        <KitState label="Long address" wide>
          <UrlSettingForm
            label="Website address"
            value={`https://opensummit.example/${'programme/'.repeat(12)}`}
            maxLength={2000}
            onSave={kitSaveUrl}
          />
        </KitState>
      </div>
    </KitSection>
  );
}

function People() {
  const [panel, setPanel] = useState(false);
  return (
    <>
      <KitSection id="avatar" title="Avatar">
        <div className="uikit-states">
          <KitState label="Photo">
            <Avatar src="/uploads/demo/lanyard.svg" name="Marta Nowak" />
            <Avatar src="/uploads/demo/lanyard.svg" name="Marta Nowak" size={64} />
          </KitState>
          <KitState label="Initials (no photo)">
            <Avatar src={null} name="Jonas Berg" />
            <Avatar src={null} name="Aiko Tanaka" size={64} />
          </KitState>
          <KitState label="Long name, small">
            <Avatar src={null} name="Aiko Tanaka-Oyelaran de la Fontaine-Whitmore" size={24} />
          </KitState>
        </div>
      </KitSection>
      <KitSection id="related-users" title="Related users">
        <div className="uikit-states">
          <KitState label="People list (verified, long name)" wide>
            <PeopleList people={PEOPLE} onPick={() => undefined} />
          </KitState>
          <KitState label="See-all panel">
            <Button variant="secondary" onClick={() => setPanel(true)}>
              Open the people panel
            </Button>
          </KitState>
        </div>
        <PeoplePanel open={panel} title="Who liked this" onClose={() => setPanel(false)}>
          <PeopleList people={PEOPLE} onPick={() => setPanel(false)} />
        </PeoplePanel>
      </KitSection>
      <KitSection id="speaker-list" title="Speaker list">
        <SpeakerList speakers={SPEAKERS} hrefOf={(id) => `/dev/uikit/components#speaker-${id}`} />
      </KitSection>
    </>
  );
}

function States() {
  return (
    <KitSection id="empty-state" title="Empty state">
      <div className="uikit-states">
        <KitState label="Default texts">
          <EmptyState />
        </KitState>
        <KitState label="Filters">
          <EmptyState type="filters" />
        </KitState>
        <KitState label="Search">
          <EmptyState type="search" />
        </KitState>
        <KitState label="Own texts, an action, long text">
          <EmptyState title="No sessions saved yet" text={LONG_TEXT}>
            <Button variant="secondary">Open the agenda</Button>
          </EmptyState>
        </KitState>
      </div>
    </KitSection>
  );
}

function Loaders() {
  return (
    <KitSection id="loaders" title="Loaders">
      <div className="uikit-states">
        <KitState label="Spinner">
          <Spinner />
        </KitState>
        <KitState label="Skeleton">
          <div style={{ display: 'grid', gap: 8, width: '100%' }}>
            <Skeleton width="60%" height={18} />
            <Skeleton />
          </div>
        </KitState>
      </div>
    </KitSection>
  );
}

function Overlays() {
  const [dialog, setDialog] = useState(false);
  const [confirm, setConfirm] = useState<'plain' | 'danger' | 'busy' | null>(null);
  const [curtain, setCurtain] = useState<'sheet' | 'fullscreen' | null>(null);
  const tabs = useCurtainTabs({ meet: ['form', 'success'], about: ['info'] });
  const closeCurtain = () => {
    setCurtain(null);
    tabs.reset();
  };
  const [photo, setPhoto] = useState<number | null>(null);
  const [menuSaid, setMenuSaid] = useState('');
  return (
    <>
      <KitSection id="dialog" title="Dialog and confirm dialog">
        <div className="uikit-states">
          <KitState label="Dialog">
            <Button variant="secondary" onClick={() => setDialog(true)}>
              Open the dialog
            </Button>
          </KitState>
          <KitState label="Confirm dialog">
            <Button variant="secondary" onClick={() => setConfirm('plain')}>
              Confirm
            </Button>
            <Button variant="secondary" onClick={() => setConfirm('danger')}>
              Confirm (danger)
            </Button>
            <Button variant="secondary" onClick={() => setConfirm('busy')}>
              Confirm (busy)
            </Button>
          </KitState>
        </div>
        <Dialog
          open={dialog}
          title="Leave the group?"
          onClose={() => setDialog(false)}
          actions={
            <Button variant="secondary" onClick={() => setDialog(false)}>
              Close
            </Button>
          }
        >
          <p>{LONG_TEXT}</p>
        </Dialog>
        <ConfirmDialog
          open={confirm !== null}
          title={confirm === 'danger' ? 'Delete this post?' : 'Send the invitation?'}
          text={confirm === 'danger' ? 'It cannot be restored.' : LONG_TEXT}
          confirmLabel={confirm === 'danger' ? 'Delete' : 'Send'}
          cancelLabel="Cancel"
          danger={confirm === 'danger'}
          busy={confirm === 'busy'}
          onConfirm={() => setConfirm(null)}
          onClose={() => setConfirm(null)}
        />
      </KitSection>
      <KitSection id="curtain" title="Curtain with tabs">
        <div className="uikit-states">
          <KitState label="Sheet (tabs: form → success, jump to about)">
            <Button variant="secondary" onClick={() => setCurtain('sheet')}>
              Open the curtain
            </Button>
          </KitState>
          <KitState label="Full screen">
            <Button variant="secondary" onClick={() => setCurtain('fullscreen')}>
              Open full screen
            </Button>
          </KitState>
        </div>
        <Curtain
          open={curtain !== null}
          fullscreen={curtain === 'fullscreen'}
          title={tabs.is('about', 'info') ? 'About meetings' : 'Schedule a meeting'}
          onClose={closeCurtain}
          onBack={tabs.canBack ? tabs.back : undefined}
          actions={
            tabs.is('meet', 'form') ? (
              <Button onClick={tabs.forward}>Send the request</Button>
            ) : (
              <Button variant="secondary" onClick={closeCurtain}>
                Done
              </Button>
            )
          }
        >
          {tabs.is('meet', 'form') ? (
            <div style={{ display: 'grid', gap: 12 }}>
              <TextField label="Meeting title" defaultValue="Coffee at the harbour bar" />
              <Button variant="ghost" onClick={() => tabs.goTo('about', 'info')}>
                How do meetings work?
              </Button>
            </div>
          ) : null}
          {tabs.is('meet', 'success') ? <p>The request was sent (second tab).</p> : null}
          {tabs.is('about', 'info') ? <p>{LONG_TEXT}</p> : null}
        </Curtain>
      </KitSection>
      <KitSection id="actions-menu" title="Actions menu">
        <div className="uikit-states">
          <KitState label="Copy, edit, report, delete">
            <ActionsMenu
              label="More actions"
              actions={[
                { key: 'copy', label: 'Copy link', icon: <Icon name="link" size={18} />, onSelect: () => setMenuSaid('Copy link') },
                { key: 'edit', label: 'Edit', onSelect: () => setMenuSaid('Edit') },
                { key: 'flag', label: LONG_TEXT, onSelect: () => setMenuSaid('Report') },
                { key: 'delete', label: 'Delete', danger: true, onSelect: () => setMenuSaid('Delete') },
              ]}
            />
            <output>{menuSaid ? `Chosen: ${menuSaid}` : ''}</output>
          </KitState>
        </div>
      </KitSection>
      <KitSection id="photo-preview" title="Photo preview">
        <div className="uikit-states">
          <KitState label="Three photos (swipe, zoom, keys)" wide>
            {PHOTOS.map((p, i) => (
              <button key={p.id} type="button" className="uikit-thumb" onClick={() => setPhoto(i)}>
                <img src={p.url} alt={`${p.alt} (${i + 1} of ${PHOTOS.length})`} width={96} height={64} />
              </button>
            ))}
          </KitState>
        </div>
        <PhotoPreview photos={PHOTOS} start={photo ?? 0} open={photo !== null} onClose={() => setPhoto(null)} />
      </KitSection>
    </>
  );
}

function Filters() {
  const [value, setValue] = useState<FilterSelection[]>([]);
  const [said, setSaid] = useState('');
  return (
    <KitSection id="filter-bar" title="Filter bar">
      <FilterBar
        defs={FILTERS}
        value={value}
        label="Filter the exhibitors"
        onApply={(sel, str) => {
          setValue(sel);
          setSaid(str);
        }}
      />
      <output className="muted">{said ? `Applied: ${said}` : 'No filter applied'}</output>
    </KitSection>
  );
}

function Calendar() {
  const [dates] = useState(sessionDays);
  const [day, setDay] = useState<string | null>(null);
  return (
    <KitSection id="session-calendar" title="Session calendar">
      <div className="uikit-states">
        <KitState label="Days with sessions, opens on the nearest">
          <SessionCalendar label="Agenda" dates={dates} selected={day} onDayChange={setDay} />
        </KitState>
        <KitState label="No sessions">
          <SessionCalendar label="Empty agenda" dates={[]} selected={null} onDayChange={() => undefined} autoSelect={false} />
        </KitState>
      </div>
    </KitSection>
  );
}

function Content() {
  const [voted, setVoted] = useState(POLLS.open);
  const [html, setHtml] = useState('<p>Type here: <strong>bold</strong>, lists, links, images and tables.</p>');
  const [chips, setChips] = useState(ATTACHMENTS);
  const [files, setFiles] = useState<string[]>([]);
  // The link preview would ask the server; the kit gives it its answer (once, before the card renders).
  useState(() => queryClient.setQueryData(['url-preview', PREVIEW_URL], PREVIEW));
  return (
    <>
      <KitSection id="poll-view" title="Poll view">
        <div className="uikit-states">
          <KitState label="Open, not voted (vote here)">
            <PollView
              poll={voted}
              onVote={(id) =>
                setVoted({
                  ...voted,
                  my_vote: id,
                  votes_count: voted.votes_count + 1,
                  options: voted.options.map((o) => (o.id === id ? { ...o, votes_count: o.votes_count + 1 } : o)),
                })
              }
              onShowVotes={() => toast('Votes panel')}
            />
          </KitState>
          <KitState label="Voted">
            <PollView poll={POLLS.voted} onShowVotes={() => toast('Votes panel')} />
          </KitState>
          <KitState label="Finished">
            <PollView poll={POLLS.finished} />
          </KitState>
          <KitState label="Busy">
            <PollView poll={POLLS.open} onVote={() => undefined} busy />
          </KitState>
        </div>
      </KitSection>
      <KitSection id="rich-content" title="Rich content (every block)">
        <RichContent html={RICH_HTML} />
      </KitSection>
      <KitSection id="rich-editor" title="Rich editor (loaded on its own)">
        <Suspense fallback={<Spinner label="Loading the editor" />}>
          <RichEditor
            label="Post text"
            value={html}
            onChange={setHtml}
            placeholder="Write something"
            onProblem={(m) => toast(m, 'error')}
          />
        </Suspense>
        <Suspense fallback={null}>
          <RichEditor label="Post text with an error" value="" onChange={() => undefined} error="The text is required." />
        </Suspense>
      </KitSection>
      <KitSection id="attachments" title="Attachments">
        <Attachments items={ATTACHMENTS} />
      </KitSection>
      <KitSection id="attachment-chips" title="Attachment chips">
        <div className="uikit-states">
          <KitState label="Removable" wide>
            <AttachmentChips
              items={chips}
              label="Attached files"
              removeLabel={(name) => `Remove ${name}`}
              onRemove={(id) => setChips(chips.filter((c) => c.id !== id))}
            />
            {chips.length < ATTACHMENTS.length ? (
              <Button variant="ghost" onClick={() => setChips(ATTACHMENTS)}>
                Put them back
              </Button>
            ) : null}
          </KitState>
        </div>
      </KitSection>
      <KitSection id="file-picker" title="File picker">
        <div className="uikit-states">
          <KitState label="Images, several">
            <FilePicker label="Add photos" accept="image/*" multiple onFiles={(f) => setFiles(f.map((x) => x.name))} />
            <output className="muted">{files.length ? files.join(', ') : 'No file chosen'}</output>
          </KitState>
          <KitState label="Icon only">
            <FilePicker label="Attach a file" accept="*/*" onFiles={(f) => setFiles(f.map((x) => x.name))}>
              <Icon name="attach" />
            </FilePicker>
          </KitState>
          <KitState label="Disabled">
            <FilePicker label="Add photos" accept="image/*" disabled onFiles={() => undefined} />
          </KitState>
        </div>
      </KitSection>
      <KitSection id="link-preview" title="Link preview">
        <div className="uikit-states">
          <KitState label="Linkified text" wide>
            <p>
              <LinkifiedText text={`Plan your trip: ${PREVIEW_URL} (trams every 6 minutes).`} />
            </p>
          </KitState>
          <KitState label="Card" wide>
            <LinkPreview url={PREVIEW_URL} />
          </KitState>
        </div>
      </KitSection>
    </>
  );
}

function Icons() {
  return (
    <KitSection id="icons" title="Icons">
      <ul className="uikit-icons">
        {ICON_NAMES.map((name) => (
          <li key={name}>
            <Icon name={name} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </KitSection>
  );
}

/** dev.uikit.components: every widget of ui/ in its states. */
export default function ComponentsPage() {
  return (
    <UikitFrame title="Components">
      <Buttons />
      <Fields />
      <UrlSettings />
      <People />
      <States />
      <Loaders />
      <Overlays />
      <Filters />
      <Calendar />
      <Content />
      <Icons />
    </UikitFrame>
  );
}

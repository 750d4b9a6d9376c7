import { ButtonLink } from '../../../ui/Button.tsx';

/**
 * The head of a console list in the sites style (sites.css: the sites and the fictional
 * profiles): the page's title (`id` names the section) and the button to a new item.
 */
export function ListHead({
  id,
  title,
  add,
}: {
  id: string;
  title: string;
  add: { to: string; label: string };
}) {
  return (
    <div className="head-row head-row--center">
      <h1 id={id}>{title}</h1>
      <ButtonLink to={add.to} size="sm">
        {add.label}
      </ButtonLink>
    </div>
  );
}

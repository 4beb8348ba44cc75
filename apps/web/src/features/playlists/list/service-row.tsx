import type { AvailabilitySummary } from "@choir/contract";
import { Badge, Text } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { currentLanguage } from "../../../lib/i18n";
import { formatServiceTime, formatServiceWhen } from "../../../lib/service-dates";
import { PartCounts } from "../../availability/components/part-counts";
import { type ServiceItem, serviceTitle } from "./service-list";
import classes from "./services.module.css";

/**
 * One service of the list: its title, day and time, songs and who leads; the whole row opens its playlist. Under a
 * day's heading (`withinDay`) the day is left out: the time alone.
 */
export function ServiceRow({
  item,
  isNext = false,
  withinDay = false,
  counts,
}: {
  item: ServiceItem;
  isNext?: boolean;
  withinDay?: boolean;
  /** Who sings, by part (the coming services, for the choir's members). */
  counts?: Pick<AvailabilitySummary, "counts" | "byPart">;
}) {
  const { t } = useTranslation();
  const when = withinDay
    ? item.time && formatServiceTime(item.time)
    : formatServiceWhen(item.date, item.time, currentLanguage());
  const details = [
    ...(when ? [when] : []),
    t("playlists.list.songs", { count: item.songCount }),
    ...(item.leaderName ? [t("playlists.list.leads", { name: item.leaderName })] : []),
  ];
  return (
    <li>
      <Link
        to={`/playlists/${encodeURIComponent(item.id)}`}
        className={classes.row}
        data-next={isNext || undefined}
        data-testid="service-row"
        data-service-id={item.id}
        data-date={item.date}
        data-time={item.time ?? ""}
      >
        <div className={classes.rowText}>
          <Text fw={600} className={classes.rowTitle} data-testid="service-title">
            {serviceTitle(t, item)}
          </Text>
          <Text size="sm" c="dimmed" data-testid="service-details">
            {details.join(" · ")}
          </Text>
          {counts ? <PartCounts summary={counts} testId="service-counts" /> : null}
        </div>
        {isNext ? (
          <Badge variant="light" tt="none" data-testid="service-next">
            {t("playlists.list.next")}
          </Badge>
        ) : null}
        <IconChevronRight size={20} aria-hidden="true" className={classes.chevron} />
      </Link>
    </li>
  );
}

import { AVAILABILITY_STATUSES, type AvailabilityStatus } from "@choir/contract";
import { Button, Group } from "@mantine/core";
import { IconCheck, IconQuestionMark, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./availability.module.css";

const ICONS = { yes: IconCheck, no: IconX, maybe: IconQuestionMark } as const;
/** Filled colours a white (or, for maybe, dark) label reads on at 4.5:1. */
const COLORS = { yes: "teal.9", no: "red.9", maybe: "yellow.5" } as const;

/** Yes / No / Maybe, one tap each; the chosen one filled and pressed. */
export function AnswerButtons({
  value,
  onChange,
  label,
  disabled,
  testId = "availability-answer",
}: {
  value: AvailabilityStatus | null;
  onChange: (status: AvailabilityStatus) => void;
  /** The question the buttons answer, for those who hear the page. */
  label: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group
      gap="xs"
      role="group"
      aria-label={label}
      wrap="nowrap"
      className={classes.answers}
      data-testid={testId}
    >
      {AVAILABILITY_STATUSES.map((status) => {
        const Icon = ICONS[status];
        const chosen = value === status;
        return (
          <Button
            key={status}
            variant={chosen ? "filled" : "default"}
            color={COLORS[status]}
            autoContrast
            aria-pressed={chosen}
            disabled={disabled}
            leftSection={<Icon size={18} aria-hidden="true" />}
            onClick={() => onChange(status)}
            className={classes.answer}
            classNames={{ section: classes.answerIcon }}
            data-testid={`${testId}-${status}`}
          >
            {t(`availability.status.${status}`)}
          </Button>
        );
      })}
    </Group>
  );
}

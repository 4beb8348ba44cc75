import { AVAILABILITY_STATUSES, type AvailabilityStatus } from "@choir/contract";
import { IconCheck, IconQuestionMark, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ChoiceButtons } from "./choice-buttons";

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
  const choices = AVAILABILITY_STATUSES.map((status) => ({
    value: status,
    label: t(`availability.status.${status}`),
    icon: ICONS[status],
    color: COLORS[status],
  }));
  return (
    <ChoiceButtons
      choices={choices}
      value={value}
      onChoose={onChange}
      label={label}
      disabled={disabled}
      testId={testId}
    />
  );
}

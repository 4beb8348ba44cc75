import { Button, Group } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import classes from "./availability.module.css";

/** One choice of a row: its value, its words, its icon and the filled colour it takes when chosen. */
export interface Choice<T extends string> {
  value: T;
  label: string;
  icon: Icon;
  /** A filled colour its label reads on at 4.5:1. */
  color: string;
}

/**
 * A row of one-tap choices (Yes / No / Maybe; Learned it / Not yet): the chosen one filled and pressed, each at least
 * 44 px high, sharing the row; on a phone the words alone, so that none is cut.
 */
export function ChoiceButtons<T extends string>({
  choices,
  value,
  onChoose,
  label,
  disabled,
  testId,
}: {
  choices: readonly Choice<T>[];
  value: T | null;
  onChoose: (value: T) => void;
  /** The question the buttons answer, for those who hear the page. */
  label: string;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Group
      gap="xs"
      role="group"
      aria-label={label}
      wrap="nowrap"
      className={classes.answers}
      data-testid={testId}
      data-chosen={value ?? ""}
    >
      {choices.map((choice) => {
        const chosen = value === choice.value;
        return (
          <Button
            key={choice.value}
            variant={chosen ? "filled" : "default"}
            color={choice.color}
            autoContrast
            aria-pressed={chosen}
            disabled={disabled}
            leftSection={<choice.icon size={18} aria-hidden="true" />}
            onClick={() => onChoose(choice.value)}
            className={classes.answer}
            classNames={{ section: classes.answerIcon }}
            data-testid={`${testId}-${choice.value}`}
          >
            {choice.label}
          </Button>
        );
      })}
    </Group>
  );
}

import { Button, type ButtonProps, Menu } from "@mantine/core";
import { IconChevronDown, IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { failureMessage, messageText } from "../lib/messages";
import { showError } from "../lib/toast";

export interface DownloadChoice {
  /** Stable name of the choice (test ids: `{testId}-{id}`). */
  id: string;
  label: string;
  /** Starts the download; a failure is shown as a toast. */
  onSelect: () => Promise<unknown>;
}

export interface DownloadMenuProps {
  choices: DownloadChoice[];
  /** The button's text; "Download" when not given. */
  label?: string;
  disabled?: boolean;
  testId: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  /** Shown when a download fails without a message of the server's. */
  failureKey?: string;
  fullWidth?: boolean;
}

/**
 * A "Download" button opening a short menu of file formats (the song page, the playlist page, the library's
 * selection); the button shows it is busy while a file is fetched.
 */
export function DownloadMenu({
  choices,
  label,
  disabled,
  testId,
  variant = "default",
  size,
  failureKey = "download.failed",
  fullWidth,
}: DownloadMenuProps) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const run = async (choice: DownloadChoice) => {
    setBusy(true);
    try {
      await choice.onSelect();
    } catch (error) {
      showError(messageText(t, failureMessage(error, failureKey)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant={variant}
          size={size}
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          rightSection={<IconChevronDown size={16} aria-hidden="true" />}
          loading={isBusy}
          disabled={disabled}
          fullWidth={fullWidth}
          data-testid={testId}
        >
          {label ?? t("download.button")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {choices.map((choice) => (
          <Menu.Item key={choice.id} onClick={() => void run(choice)} data-testid={`${testId}-${choice.id}`}>
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

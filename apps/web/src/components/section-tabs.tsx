import { Box, ScrollArea, Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

/** A section's pages as pill tabs that navigate (marketing, notifications); nothing when fewer than two are open to the account. */
export function SectionTabs({ sections, label, testPrefix }: { sections: { key: string; path: string }[]; label: (key: string) => string; testPrefix: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (sections.length < 2) return null;
  return (
    <Box>
      <ScrollArea type="never" offsetScrollbars={false}>
        <Tabs value={pathname.replace(/\/+$/, '')} onChange={(v) => v && navigate(v)} variant="pills" radius="md">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {sections.map((s) => (
              <Tabs.Tab key={s.path} value={s.path} data-testid={`${testPrefix}-${s.key}`}>
                {label(s.key)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
    </Box>
  );
}

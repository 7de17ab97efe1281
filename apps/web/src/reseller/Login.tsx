import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PortalLogin } from '../ui/portal/PortalLogin';
import { PORTALS, portalGuestGuard } from '../ui/portal/portal';
import { useText } from './account/kit';

export const loader = portalGuestGuard(PORTALS.reseller);

export default function ResellerLogin() {
  const { t } = useText();
  return (
    <PortalLogin
      portal={PORTALS.reseller}
      footer={
        <Text fz="sm" ta="center">
          <Anchor component={Link} to="/dropshipper/password/reset">
            {t('forgotPassword', 'Forgot your password?')}
          </Anchor>
        </Text>
      }
    />
  );
}

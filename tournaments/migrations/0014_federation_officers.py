import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_tournament_rating_methods"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="FederationOfficer",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "federation",
                    models.CharField(
                        help_text="The federation's three-letter FIDE code, e.g. FRA.",
                        max_length=3,
                        validators=[
                            django.core.validators.RegexValidator(
                                "^[A-Z]{3}$", "Three capital letters, e.g. FRA."
                            )
                        ],
                    ),
                ),
                ("created", models.DateTimeField(auto_now_add=True)),
                (
                    "appointed_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="federation_offices",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={"ordering": ["federation", "user_id"]},
        ),
        migrations.AddConstraint(
            model_name="federationofficer",
            constraint=models.UniqueConstraint(
                fields=("user", "federation"), name="one_office_per_user_and_federation"
            ),
        ),
        migrations.AddConstraint(
            model_name="federationofficer",
            constraint=models.CheckConstraint(
                condition=models.Q(("federation__regex", "^[A-Z]{3}$")),
                name="federation_officer_code_is_three_capitals",
            ),
        ),
    ]
